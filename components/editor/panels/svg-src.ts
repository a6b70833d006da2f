/** SVG markup as an <img> source: drawn as a picture, so nothing in it can run or reach the page. */
export function svgSrc(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
