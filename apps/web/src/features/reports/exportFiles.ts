function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The chart's SVG drawn on a canvas (on the page's background colour) and saved as a PNG. */
export async function downloadChartPng(container: HTMLElement | null, background: string, name: string): Promise<void> {
  const svg = container?.querySelector('svg');
  if (!svg) return;
  const { width, height } = svg.getBoundingClientRect();
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  // Computed colours and fonts are inlined: the image has no access to the page's styles.
  const source = svg.querySelectorAll('*');
  copy.querySelectorAll('*').forEach((el, i) => {
    const style = getComputedStyle(source[i] as Element);
    for (const p of ['fill', 'stroke', 'font-family', 'font-size', 'font-weight', 'opacity', 'stroke-width'])
      (el as SVGElement).style.setProperty(p, style.getPropertyValue(p));
  });
  const url = URL.createObjectURL(new Blob([new XMLSerializer().serializeToString(copy)], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('chart image'));
      image.src = url;
    });
    const scale = window.devicePixelRatio || 1;
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(width * scale);
    canvas.height = Math.ceil(height * scale);
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.scale(scale, scale);
    ctx.fillStyle = background;
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(image, 0, 0, width, height);
    const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (png) download(png, name);
  } finally {
    URL.revokeObjectURL(url);
  }
}
