import { SafeHtml } from './html.js';
import type { ThemePresetKey } from './live-page.view.js';

/** Theme presets as CSS custom properties: background, surface, text, muted text, accent, text on accent. */
const THEMES: Record<ThemePresetKey, [string, string, string, string, string, string]> = {
  classic: ['#f6f7f9', '#ffffff', '#1a1d23', '#545b66', '#2350d8', '#ffffff'],
  midnight: ['#0d1326', '#18213d', '#eef1fb', '#b3bcd6', '#8fb0ff', '#0d1326'],
  sunrise: ['#fff4ec', '#ffffff', '#3a1a10', '#6e4536', '#c2375f', '#ffffff'],
  forest: ['#eef5ef', '#ffffff', '#142a1b', '#45604d', '#1f6b3a', '#ffffff'],
  mono: ['#ffffff', '#ffffff', '#000000', '#3d3d3d', '#000000', '#ffffff'],
};

const themeCss = Object.entries(THEMES)
  .map(
    ([k, [bg, card, fg, muted, accent, onAccent]]) =>
      `.t-${k}{--bg:${bg};--card:${card};--fg:${fg};--muted:${muted};--accent:${accent};--on-accent:${onAccent}}`,
  )
  .join('');

const CSS = `${themeCss}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:34rem;margin:0 auto;padding:2rem 1rem 3rem}header{text-align:center;margin-bottom:1.5rem}
h1{font-size:1.6rem;margin:.2rem 0}h2{font-size:1.15rem;margin:1.4rem 0 .4rem;text-align:center}.card h2{margin-top:.2rem}
p{margin:.3rem 0}.muted{color:var(--muted)}
ul.blocks{list-style:none;margin:0;padding:0;display:grid;gap:.8rem}
.card{display:block;background:var(--card);border:1px solid color-mix(in srgb,var(--fg) 14%,transparent);border-radius:.9rem;
padding:.9rem 1rem;color:inherit;text-decoration:none}
a.card{font-weight:600;text-align:center}a.card:hover{border-color:var(--accent)}
.card small{display:block;font-weight:400;color:var(--muted)}
a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
img{max-width:100%;height:auto;border-radius:.6rem;display:block;margin:0 auto}figure{margin:0}
img.avatar{width:6rem;height:6rem;object-fit:cover;border-radius:50%;margin:0 auto .6rem}
figcaption{text-align:center;color:var(--muted);font-size:.9rem;margin-top:.3rem}
.strip{display:flex;gap:.6rem;overflow-x:auto;scroll-snap-type:x mandatory}.strip img{flex:0 0 85%;scroll-snap-align:center}
form{display:grid;gap:.5rem}label{font-weight:600;font-size:.9rem}
input{font:inherit;padding:.6rem .7rem;border-radius:.5rem;border:1px solid var(--muted);background:var(--card);color:var(--fg)}
button,.button{font:inherit;font-weight:600;padding:.65rem 1rem;border:0;border-radius:.6rem;background:var(--accent);
color:var(--on-accent);cursor:pointer;text-align:center;text-decoration:none}
.chips{display:flex;flex-wrap:wrap;gap:.4rem;justify-content:center;padding:0;list-style:none}
.chips li{border:1px solid var(--accent);border-radius:1rem;padding:.2rem .7rem}
.notice{border-radius:.6rem;padding:.7rem 1rem;margin-bottom:1rem;font-weight:600}
.notice.success{background:color-mix(in srgb,var(--accent) 16%,var(--card))}.notice.error{background:#fde8e8;color:#7a1010}
.card .notice{margin:.6rem 0}.card .notice:last-child{margin-bottom:0}
ul.social{display:flex;flex-wrap:wrap;justify-content:center;gap:.6rem;list-style:none;margin:0;padding:0}
.social a{display:flex;align-items:center;justify-content:center;width:2.75rem;height:2.75rem;border-radius:50%;background:var(--card);
border:1px solid color-mix(in srgb,var(--fg) 14%,transparent);color:var(--fg)}
.social a:hover{border-color:var(--accent);color:var(--accent)}.social svg{width:1.4rem;height:1.4rem;margin:0}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}.price{font-weight:700}
footer{text-align:center;font-size:.8rem;color:var(--muted);margin-top:2rem}
.preview-banner{margin:0 0 1.5rem;padding:.6rem 1rem;border-radius:.6rem;background:#fff3c4;color:#3d2e00;border:2px dashed #8a6a00;
text-align:center}fieldset{border:0;margin:0;padding:0;display:grid;gap:.5rem;min-width:0}`;

/** The stylesheet is ours and constant: inserted as is (it only must not close the style element). */
export const STYLE = new SafeHtml(CSS.replace(/<\//g, '<\\/'));
