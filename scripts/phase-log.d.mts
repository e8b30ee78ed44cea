export declare function formatDuration(ms: number): string;
export declare function phaseLine(name: string, ms: number, detail?: string): string;
export declare function logPhase(name: string, startedAt: number, detail?: string): void;
