import { describe, expect, it } from 'vitest';
import { PAGE_BUTTON_ORIGINS, pageButtonRelease, pageButtonRequest } from '../../../lib/messaging/page-button-access';

describe("the page button's site access and the API's", () => {
  it("asks for the API's address on its own along with the button's sites", () => {
    expect(pageButtonRequest('https://api.example.com/*')).toEqual([
      ...PAGE_BUTTON_ORIGINS,
      'https://api.example.com/*',
    ]);
    expect(pageButtonRequest(null)).toEqual(PAGE_BUTTON_ORIGINS);
  });

  it("gives back only the button's sites, never the API's address", () => {
    const [first] = PAGE_BUTTON_ORIGINS;
    expect(pageButtonRelease(null)).toEqual(PAGE_BUTTON_ORIGINS);
    expect(pageButtonRelease(first ?? null)).not.toContain(first);
  });
});
