/**
 * 'Descargar PNG' of a chart (the S-curve, issue 16; the resource histogram, issue 35): the chart's SVG drawn onto a canvas. The chart is
 * styled by CSS (the theme's colours and fonts), which an SVG loaded as an image does not see, so
 * each element's painted style is copied onto a clone first; the canvas is filled with the page's
 * background, so a dark-mode chart stays readable. Twice the on-screen size, for print.
 */

const PAINTED = [
  'fill',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
  'visibility',
];

/** A standalone copy of `svg` with each element's computed paint inlined. */
export function standaloneSvg(svg: SVGSVGElement): { text: string; width: number; height: number } {
  const { width, height } = svg.getBoundingClientRect();
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const originals = [svg, ...svg.querySelectorAll('*')];
  const copies = [clone, ...clone.querySelectorAll('*')];
  originals.forEach((original, index) => {
    const copy = copies[index];
    if (!(copy instanceof Element)) return;
    const style = getComputedStyle(original);
    const inline = PAINTED.map((name) => `${name}:${style.getPropertyValue(name)}`)
      .filter((entry) => !entry.endsWith(':'))
      .join(';');
    copy.setAttribute('style', `${copy.getAttribute('style') ?? ''};${inline}`);
  });
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(Math.round(width)));
  clone.setAttribute('height', String(Math.round(height)));
  return { text: new XMLSerializer().serializeToString(clone), width, height };
}

export type PngLegend = { entries: Array<{ label: string; color: string; dashed?: boolean }>; textColor: string };

/** The largest SVG under `host`: the chart's plot (the legend's marks are small SVGs of their own). */
export function largestSvg(host: ParentNode): SVGSVGElement | undefined {
  let best: SVGSVGElement | undefined;
  let bestArea = 0;
  for (const svg of host.querySelectorAll('svg')) {
    const { width, height } = svg.getBoundingClientRect();
    if (width * height > bestArea) {
      best = svg;
      bestArea = width * height;
    }
  }
  return best;
}

/** Height of the legend band drawn above the chart, in CSS pixels. */
const LEGEND_HEIGHT = 28;

/** The chart as PNG bytes, on `background`, with its legend (HTML on screen) drawn above it. */
export async function svgToPngBlob(
  svg: SVGSVGElement,
  background: string,
  legend: PngLegend,
  scale = 2,
): Promise<Blob> {
  const { text, width, height } = standaloneSvg(svg);
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const image = new Image();
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('SVG no legible'));
      image.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round((height + LEGEND_HEIGHT) * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Sin canvas');
    context.fillStyle = background;
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.scale(scale, scale);
    context.font = '13px Roboto, Helvetica, Arial, sans-serif';
    context.textBaseline = 'middle';
    let x = 16;
    for (const entry of legend.entries) {
      context.strokeStyle = entry.color;
      context.lineWidth = 3;
      context.setLineDash(entry.dashed === true ? [5, 3] : []);
      context.beginPath();
      context.moveTo(x, LEGEND_HEIGHT / 2);
      context.lineTo(x + 20, LEGEND_HEIGHT / 2);
      context.stroke();
      context.fillStyle = legend.textColor;
      context.fillText(entry.label, x + 26, LEGEND_HEIGHT / 2);
      x += 26 + context.measureText(entry.label).width + 24;
    }
    context.drawImage(image, 0, LEGEND_HEIGHT, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG vacío'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
