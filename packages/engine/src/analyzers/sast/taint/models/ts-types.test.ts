import { describe, expect, it } from 'vitest';
import { tsDeclaredReturn, tsNonTextReturn } from './ts-types';

const tainted = { t: { conf: 'high' as const, trace: [], safe: new Set<never>() } };

describe('TypeScript declared return types', () => {
  it('numbers and booleans (also awaited, or with null) carry no text', () => {
    expect(tsNonTextReturn(': Promise<boolean>')).toBe(true);
    expect(tsNonTextReturn(': number | null')).toBe(true);
    expect(tsNonTextReturn(': string')).toBe(false);
    expect(tsNonTextReturn(': Promise<string | boolean>')).toBe(false);
  });

  it('arrays, object types and named types are objects; text and any stay as they are', () => {
    expect(tsDeclaredReturn(': string[] | null', tainted).objectBody).toBe(true);
    expect(tsDeclaredReturn(': Promise<WorkflowFile>', tainted).objectBody).toBe(true);
    expect(tsDeclaredReturn(': { id: string; name: string }', tainted).objectBody).toBe(true);
    expect(tsDeclaredReturn(': Record<string, string>', tainted).objectBody).toBe(true);
    expect(tsDeclaredReturn(': string', tainted).objectBody).toBeUndefined();
    expect(tsDeclaredReturn(': any', tainted).objectBody).toBeUndefined();
    expect(tsDeclaredReturn(': Promise<string>', tainted).objectBody).toBeUndefined();
    expect(tsDeclaredReturn(': String', tainted).objectBody).toBeUndefined();
  });
});
