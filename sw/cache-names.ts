/** Versioned cache names: bump CACHE_VERSION to drop every runtime cache of an older worker. */
export const CACHE_PREFIX = 'caramel';
export const CACHE_VERSION = 'v1';
export const CONFIG_CACHE = `${CACHE_PREFIX}-config-${CACHE_VERSION}`;
