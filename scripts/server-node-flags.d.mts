export declare const DEFAULT_SEMI_SPACE_MIB: number;
export declare function serverNodeFlags(
  env?: Record<string, string | undefined>,
  execArgv?: string[],
): string[];
export declare function isSemiSpaceFlag(flag: string): boolean;
