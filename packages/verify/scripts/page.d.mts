/** Writes dist-style tagledger-verify.html into outDir; resolves with its path. */
export function writePage(outDir: string): Promise<string>;
