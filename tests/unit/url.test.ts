import { describe, expect, it } from 'vitest';
import { safeHttpUrl } from '../../lib/url';

describe('safeHttpUrl', () => {
  it.each([
    ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['http://127.0.0.1:8787/media/x.svg', 'http://127.0.0.1:8787/media/x.svg'],
    ['  https://example.com  ', 'https://example.com/'],
    ['HTTPS://EXAMPLE.COM', 'https://example.com/'],
    ['javascript:alert(1)', null],
    ['JaVaScRiPt:alert(1)', null],
    [' \tjavascript:alert(1)', null],
    ['java\tscript:alert(1)', null],
    ['java\nscript:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['vbscript:msgbox(1)', null],
    ['blob:https://example.com/uuid', null],
    ['//evil.example/x', null],
    ['/relative/path', null],
    ['https://user:pass@example.com/', null],
    ['https://user@example.com/', null],
    [`https://example.com/${'a'.repeat(5000)}`, null],
    ['', null],
    [null, null],
    [42, null],
  ])('%j -> %j', (input, expected) => {
    expect(safeHttpUrl(input)).toBe(expected);
  });
});
