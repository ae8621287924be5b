import { describe, expect, it } from 'vitest';
import { makeSnippet, redactLiterals } from './finding';

describe('snippet redaction', () => {
  it('hides string values but keeps keys readable', () => {
    expect(redactLiterals('app.config["SECRET_KEY"] = "s3cr3t"')).toBe('app.config["SECRET_KEY"] = "<redacted>"');
    expect(redactLiterals("{ 'password': 'hunter2', user: 'x' }")).toBe("{ 'password': \"<redacted>\", user: \"<redacted>\" }");
    expect(redactLiterals('DB_PASSWORD = "pa\\"ss"')).toBe('DB_PASSWORD = "<redacted>"');
  });

  it('caps snippets at three lines', () => {
    expect(makeSnippet(['a', ' b', 'c', 'd'], 1, 4, false)).toBe('a\nb\nc');
  });
});
