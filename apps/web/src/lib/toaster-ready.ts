// sonner's <Toaster> only shows toasts raised after it mounted. It is lazy (kept out of the landing
// page's initial bundle), so screens that may toast on arrival wait until it is mounted — or 3 s at
// most, so a failed toaster chunk never blocks a screen.
let markReady: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markReady = resolve;
});

export function markToasterReady(): void {
  markReady();
}

export function toasterReady(maxWaitMs = 3000): Promise<void> {
  return Promise.race([mounted, new Promise<void>((resolve) => setTimeout(resolve, maxWaitMs))]);
}
