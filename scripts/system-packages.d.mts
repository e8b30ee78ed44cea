export declare const SKIP_APT_VARIABLE: string;
export declare const has: (command: string) => boolean;
export interface SystemPackage {
  name: string;
  why: string;
  present: () => boolean;
}
export declare const SYSTEM_PACKAGES: SystemPackage[];
export declare const aptInstallArguments: (names: string[]) => string[];
export declare const announcement: (packages: SystemPackage[]) => string;
export declare function ensureSystemPackages(root: string, step: (name: string, what: string, action: () => void) => void): void;
