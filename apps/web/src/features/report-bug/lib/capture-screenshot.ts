// Captures the visible viewport as a JPEG data URL (SPEC §9: quality 0.7, scale 0.5, image
// timeout 15000 ms). modern-screenshot is loaded only here, when a report is being made, so it
// never weighs on the pages' initial bundles. The bug-report UI itself is left out of the image.
export const SCREENSHOT_OPTIONS = { quality: 0.7, scale: 0.5, timeout: 15000 } as const;

function isBugReportUi(node: Element): boolean {
  if (node.hasAttribute('data-bug-report-ui') || node.getAttribute('role') === 'dialog') return true;
  // Modal overlays are portalled straight into <body> and carry Radix's data-state.
  return node.parentElement === document.body && node.hasAttribute('data-state');
}

/**
 * Elements the browser does not show while scripts run. modern-screenshot copies their text into
 * the image as if it were content, so index.html's <noscript> message ("… needs JavaScript to
 * run.") would appear at the top left of every report.
 */
function isNeverShown(node: Element): boolean {
  return node.localName === 'noscript' || node.localName === 'template';
}

/** Whether a node belongs in the bug-report screenshot (modern-screenshot's `filter`). */
export function keepInScreenshot(node: Node): boolean {
  if (!(node instanceof Element)) return true;
  return !isNeverShown(node) && !isBugReportUi(node);
}

export async function captureViewport(): Promise<string> {
  const { domToJpeg } = await import('modern-screenshot');
  const root = document.documentElement;
  return domToJpeg(root, {
    ...SCREENSHOT_OPTIONS,
    width: window.innerWidth,
    height: window.innerHeight,
    // Show what the user sees: shift the page by the current scroll offset.
    style: { transform: `translate(${-window.scrollX}px, ${-window.scrollY}px)` },
    backgroundColor: '#ffffff',
    filter: keepInScreenshot,
  });
}
