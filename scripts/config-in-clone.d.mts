/** The clone's folder for the tools' settings files, now the process's XDG_CONFIG_HOME. */
export declare const CONFIG_HOME: string;
