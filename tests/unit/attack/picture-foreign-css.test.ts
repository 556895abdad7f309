// @vitest-environment happy-dom
// @vitest-environment-options { "settings": { "handleDisabledFileLoadingAsSuccess": true } }
/*
 * The picture's stylesheet text (snapshot v4) is inserted as a <style> before the app loads, so
 * readSnapshot refuses text that imports or reaches another origin (foreignCss), as
 * isSafeAttribute refuses a style attribute with url(). These tests write CSS that a browser
 * reads as a request to another origin, which the check must refuse.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { isSafeAttribute, readSnapshot } from '@/components/sidepanel/picture';
import { PICTURE_NOW, storePicture } from '../../support/picture';

/** Stores a picture naming one stylesheet with `css` as its text, and reads it back. */
function readWithCss(css: string) {
  storePicture({ styles: ['/assets/a-A1.css'], css: [css], nodes: [['p', {}, ['x']]] });
  return readSnapshot(PICTURE_NOW);
}

describe('stylesheet text a picture may carry', () => {
  beforeEach(() => localStorage.clear());

  // Found failing, now fixed: a tab inside a quoted url() is legal CSS and the URL parser strips it, so "/<TAB>/host"
  // is the protocol-relative "//host"; the regex only refuses "//" and "/\" after the first slash.
  it('refuses a url() whose path becomes another origin once the URL parser strips a tab', () => {
    for (const css of [
      '.a { background: url("/\t/evil.example/beacon.png") }',
      ".a { background: url('/\t/evil.example/beacon.png') }",
    ]) {
      expect([JSON.stringify(css), readWithCss(css)]).toEqual([JSON.stringify(css), null]);
    }
  });

  // Found failing, now fixed: image-set() takes a plain string as a URL (Chrome, Firefox): no url( for the regex to see.
  it('refuses image-set() with a string naming another origin', () => {
    for (const css of [
      '.a { background-image: image-set("https://evil.example/beacon.png" 1x) }',
      '.a { background-image: -webkit-image-set("https://evil.example/beacon.png" 1x) }',
      ".a { mask-image: image-set('//evil.example/beacon.png' 2x) }",
    ]) {
      expect([css, readWithCss(css)]).toEqual([css, null]);
    }
  });

  // Found failing, now fixed: CSS escapes are resolved before a function or at-rule name is matched, so `u\72l(` is
  // url( and `@\69mport` is @import to the browser, but not to the regex.
  it('refuses url() and @import written with CSS escapes in their names', () => {
    for (const css of [
      '.a { background: u\\72l(https://evil.example/beacon.png) }',
      '.a { background: \\75rl(https://evil.example/beacon.png) }',
      '@\\69mport "https://evil.example/x.css";',
    ]) {
      expect([css, readWithCss(css)]).toEqual([css, null]);
    }
  });

  // Found failing, now fixed: `\s*` before the negative look-ahead backtracks: with one space, the look-ahead is
  // tried at the space, which is not a quote, "data:image/" or "/", so an allowed url() is refused.
  it('accepts a same-origin path or a data image in url() written with spaces inside the parentheses', () => {
    for (const css of ['.a { background: url( /assets/a.png ) }', '.a { mask: url(\n"data:image/png;base64,AAAA") }']) {
      expect([css, readWithCss(css)?.css]).toEqual([css, [css]]);
    }
  });

  // Coverage: the case-insensitive flag covers upper case, and a comment splits no token.
  it('refuses URL( and @IMPORT in upper case, and a comment inside url() still reads as its path', () => {
    for (const css of [
      '.a { background: URL(https://evil.example/a.png) }',
      '@IMPORT "x.css";',
      '.a { background: Url( "https://evil.example/a.png") }',
    ]) {
      expect([css, readWithCss(css)]).toEqual([css, null]);
    }
    // Inside an unquoted url() a comment is part of the path: same origin.
    const commented = '.a { background: url(/**/assets/a.png) }';
    expect(readWithCss(commented)?.css).toEqual([commented]);
  });
});

describe('a style attribute a painted picture may carry', () => {
  // Found failing, now fixed: the attribute check (/url\s*\(|expression\s*\(/i) misses image-set() strings and escapes.
  it('refuses a style that loads an image from another origin through image-set() or an escaped url(', () => {
    for (const value of [
      "background-image: image-set('https://evil.example/beacon' 1x)",
      "background-image: -webkit-image-set('https://evil.example/beacon' 1x)",
      'background-image: u\\72l(https://evil.example/beacon)',
    ]) {
      expect([value, isSafeAttribute('style', value)]).toEqual([value, false]);
    }
  });
});
