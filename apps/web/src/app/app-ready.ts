// The signal between the bootstrap (src/boot.ts) and the app (main.tsx): dispatched on document once
// the app's first render is on screen. Until then the bootstrap answers the language menu itself.
export const APP_READY_EVENT = 'tagledger:app-ready';
