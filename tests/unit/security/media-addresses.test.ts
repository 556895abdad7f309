import { describe, expect, it } from 'vitest';
import { isPrivateHost, mayFetchMedia } from '../../../lib/media';

describe('creatives on private or local addresses', () => {
  it.each([
    'http://127.0.0.1/a.png',
    'http://127.9.9.9:8080/a.png',
    'http://0x7f.1/a.png',
    'http://2130706433/a.png',
    'http://localhost/a.png',
    'http://media.localhost/a.png',
    'http://[::1]/a.png',
    'http://[::ffff:10.0.0.1]/a.png',
    'http://10.20.30.40/a.png',
    'http://172.16.0.1/a.png',
    'http://172.31.255.255/a.png',
    'http://192.168.1.1/a.png',
    'http://169.254.169.254/latest/meta-data',
    'http://[fc00::1]/a.png',
    'http://[fd12:3456::1]/a.png',
    'http://[fe80::1]/a.png',
    'http://0.0.0.0/a.png',
  ])('never fetches %s for a service elsewhere', (url) => {
    expect(isPrivateHost(url)).toBe(true);
    expect(mayFetchMedia(url, 'https://api.example')).toBe(false);
  });

  it.each([
    'https://cdn.example/a.png',
    'http://172.32.0.1/a.png',
    'http://11.0.0.1/a.png',
    'http://[2001:db8::1]/a.png',
  ])('fetches %s, a public address', (url) => {
    expect(isPrivateHost(url)).toBe(false);
    expect(mayFetchMedia(url, null)).toBe(true);
  });

  it('fetches from the service’s own host: the reference server on 127.0.0.1 serves its demo creatives', () => {
    expect(mayFetchMedia('http://127.0.0.1:8787/media/a.png', 'http://127.0.0.1:8787')).toBe(true);
    expect(mayFetchMedia('http://127.0.0.2/media/a.png', 'http://127.0.0.1:8787')).toBe(false);
    expect(mayFetchMedia('http://localhost/a.png', 'http://127.0.0.1:8787')).toBe(false);
  });
});
