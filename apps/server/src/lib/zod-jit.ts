import { config } from 'zod/v4/core';

/**
 * The browser's CSP forbids `new Function`, so the shared package turns zod's compiled parsers off
 * (packages/shared/src/zod-config.ts). The server has no such limit and validates every reply against its
 * response schema: it turns them back on when the app is built (after every module, shared's included, ran).
 */
export function useCompiledParsers(): void {
  config({ jitless: false });
}
