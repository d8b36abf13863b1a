// The dashboard is a single-page app: pages render in the browser, where the cache lives.
export const ssr = false;
export const prerender = false;
