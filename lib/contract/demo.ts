/**
 * The reference server's fixed demo workspace, used by "Use the local demo server" in
 * options, by `npm start` and by tests. It is a public demo credential, not a user's key.
 */
export const DEMO_BASE_URL = 'http://127.0.0.1:8787';
export const DEMO_API_KEY = 'demo-acme-4f1c9a7e2b';
export const DEMO_SECOND_API_KEY = 'demo-northwind-8d03b6c1e5';
