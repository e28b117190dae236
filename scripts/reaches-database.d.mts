/** Returns whether a test file, through its relative imports, imports the data layer or a driver. */
export function databaseReacher(): (file: string) => boolean;
