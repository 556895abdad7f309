import { describe, expect, it } from 'vitest';
import { landingKey as conceptLanding } from '../../lib/concepts';
import { landingKey as pageLanding } from '../../lib/background/similar/landing';
import { imageKey, isTrackingParameter, landingKey } from '../../lib/landing-key';

/** One reading of where a link leads, for "Ads that lead to this page" and for versions of one idea. */
describe('where a link leads', () => {
  it.each([
    // Google
    'gclid',
    'gbraid',
    'wbraid',
    'gad_source',
    'gad_campaignid',
    'srsltid',
    // Meta, Microsoft, TikTok, X, LinkedIn
    'fbclid',
    'msclkid',
    'ttclid',
    'twclid',
    'li_fat_id',
    // Mailchimp, HubSpot
    'mc_cid',
    'mc_eid',
    '_hsenc',
    '_hsmi',
    // any utm_, in any case
    'utm_source',
    'UTM_Campaign',
    'utm_id',
  ])('drops %s', (name) => {
    expect(isTrackingParameter(name)).toBe(true);
    expect(landingKey(`https://shop.example/p?${name}=1&size=L`)).toBe('shop.example/p?size=L');
  });

  it('keeps parameters that choose the page', () => {
    expect(landingKey('https://shop.example/p?variant=2&color=red')).toBe('shop.example/p?color=red&variant=2');
  });

  it('keeps a fragment that routes a single-page site, and drops one that only scrolls', () => {
    expect(landingKey('https://app.example/#/shop/boots')).toBe('app.example/#/shop/boots');
    expect(landingKey('https://app.example/#!/shop/boots')).toBe('app.example/#!/shop/boots');
    expect(landingKey('https://app.example/#/shop/boots')).not.toBe(landingKey('https://app.example/#/shop/hats'));
    expect(landingKey('https://shop.example/p#reviews')).toBe('shop.example/p');
  });

  it('keeps a port that is not the default, and drops one that is', () => {
    expect(landingKey('http://127.0.0.1:8787/demo/pages/product')).toBe('127.0.0.1:8787/demo/pages/product');
    expect(landingKey('https://shop.example:443/p')).toBe('shop.example/p');
    expect(landingKey('https://shop.example:8443/p')).not.toBe(landingKey('https://shop.example/p'));
  });

  it('is the same reading in the landing match and in the versions grouping', () => {
    for (const link of [
      'https://www.shop.example/p/?utm_source=x&gclid=1&size=L',
      'http://127.0.0.1:8787/demo/pages/product?fbclid=abc',
      'https://app.example/#/shop/boots?srsltid=1',
    ]) {
      expect(pageLanding(link)).toBe(landingKey(link));
      expect(conceptLanding(link)).toBe(landingKey(link));
    }
  });

  it('reads an image by its host, path and the query that names it, not the signature', () => {
    expect(imageKey('https://cdn.example/a.jpg?oh=1&oe=2&_nc_ht=x')).toBe('cdn.example/a.jpg');
    expect(imageKey('https://bucket.s3.example/a.jpg?X-Amz-Signature=1&X-Amz-Expires=60')).toBe(
      'bucket.s3.example/a.jpg',
    );
    expect(imageKey('https://cdn.example/img.php?id=7&Expires=1')).toBe('cdn.example/img.php?id=7');
  });
});
