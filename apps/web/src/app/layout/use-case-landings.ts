// The use-case landings a sign-up can come from (SPEC §2, §8). Shared by the layout and the
// bootstrap (src/boot.ts), which remembers the landing itself when the app is not loaded yet.
export const USE_CASE_LANDINGS = ['/general-tagging', '/nft-tagging', '/mywill-tagging', '/business-tagging'];
