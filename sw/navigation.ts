/**
 * SPA navigations are answered with the precached shell, except where the server must answer:
 * the API, development pages, and auth callbacks that must reach the network.
 */
export const NAVIGATION_DENYLIST = [/^\/api\//, /^\/dev\//, /^\/builds\//, /^\/oauth2\//, /^\/auth\/callback/, /\/[^/?]+\.[^/]+$/];
