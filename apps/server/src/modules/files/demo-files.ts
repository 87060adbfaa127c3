import { DEMO_ID_BACK, DEMO_ID_FRONT } from '../../db/seed/people';

/** A drawn ID card for the demo passengers, so the documents tab shows something real-looking. */
function idCardSvg(side: 'FRONT' | 'BACK'): Buffer {
  const body =
    side === 'FRONT'
      ? `<rect x="24" y="60" width="150" height="180" rx="8" fill="#cfd8dc"/>
         <circle cx="99" cy="125" r="38" fill="#90a4ae"/><rect x="49" y="170" width="100" height="60" rx="30" fill="#90a4ae"/>
         <g fill="#37474f" font-family="sans-serif" font-size="18">
           <text x="200" y="90">SURNAME / NOM</text><text x="200" y="140">GIVEN NAMES / PRÉNOMS</text>
           <text x="200" y="190">DATE OF BIRTH</text><text x="200" y="240">NATIONALITY</text></g>`
      : `<rect x="24" y="60" width="432" height="40" fill="#37474f"/>
         <g fill="#37474f" font-family="monospace" font-size="20">
           <text x="30" y="200">IDMCO&lt;&lt;DEMO&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;</text>
           <text x="30" y="230">0000000&lt;0MCO&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;</text></g>`;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="480" height="300" viewBox="0 0 480 300">
    <rect width="480" height="300" rx="16" fill="#eceff1" stroke="#b0bec5" stroke-width="4"/>
    <text x="24" y="40" font-family="sans-serif" font-size="20" font-weight="bold" fill="#c62828">IDENTITY CARD — ${side} (DEMO)</text>
    ${body}</svg>`);
}

export const DEMO_FILES: Record<string, Buffer> = {
  [DEMO_ID_FRONT]: idCardSvg('FRONT'),
  [DEMO_ID_BACK]: idCardSvg('BACK'),
};
