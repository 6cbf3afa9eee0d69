// The part of fs-native-extensions we use (the package ships no type declarations).
declare module 'fs-native-extensions' {
  /**
   * Takes a byte-range lock on an open file without waiting (Linux: an open-file-description
   * lock, F_OFD_SETLK; macOS: flock; Windows: LockFileEx). Returns false when another open file
   * holds a conflicting lock. length 0 means "to the end of the file, however long".
   */
  export function tryLock(fd: number, offset?: number, length?: number, opts?: { shared?: boolean }): boolean;
}
