// Types for the plugin's TypeScript importers (bench/support/pre-upstream-instructions.ts).
import type { Plugin } from 'esbuild';

export declare const keepModuleUrls: Plugin;
