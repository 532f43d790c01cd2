/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/react" />

/** The id of the build this code came from (vite.config.ts). */
declare const __BUILD_ID__: string;
