import { Controller, Get, Header, Param } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { HttpProblem } from '../http/problem.js';
import { ERROR_CATALOG, errorSlug, type ErrorSpec } from './error-catalog.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const inlineCode = (s: string) => escape(s).replace(/`([^`]+)`/g, '<code>$1</code>');

function page(code: string, spec: ErrorSpec): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(code)} · Bio-Page API errors</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem;color:#1b1b1f}
code{background:#f2f2f5;padding:.1em .3em;border-radius:4px}a{color:#3451b2}</style>
</head><body>
<p><a href="../errors">All error codes</a></p>
<h1><code>${escape(code)}</code></h1>
<p><strong>HTTP ${spec.status}</strong> · ${escape(spec.title)}</p>
<h2>What it means</h2><p>${inlineCode(spec.description)}</p>
<h2>What to do</h2><p>${inlineCode(spec.remedy)}</p>
<p>Every error is <code>application/problem+json</code> (RFC 9457) with <code>type</code>, <code>title</code>, <code>status</code>,
<code>instance</code>, <code>code</code>, <code>request_id</code> and possibly <code>detail</code> and <code>errors</code>.
Branch on <code>code</code>.</p>
</body></html>`;
}

/** One short human page per error code, so every problem `type` URI resolves. */
@ApiExcludeController()
@Controller('docs/errors')
export class ErrorDocsController {
  @Get()
  @Header('content-type', 'text/html; charset=utf-8')
  index(): string {
    const rows = Object.entries(ERROR_CATALOG)
      .map(
        ([code, spec]) =>
          `<tr><td><a href="errors/${errorSlug(code)}"><code>${code}</code></a></td>` +
          `<td>${spec.status}</td><td>${escape(spec.title)}</td></tr>`,
      )
      .join('\n');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bio-Page API errors</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem}
td{padding:.2rem .8rem .2rem 0}</style></head>
<body><h1>Error codes</h1><table>${rows}</table></body></html>`;
  }

  @Get(':slug')
  @Header('content-type', 'text/html; charset=utf-8')
  one(@Param('slug') slug: string): string {
    const entry = Object.entries(ERROR_CATALOG).find(([code]) => errorSlug(code) === slug);
    if (!entry) throw new HttpProblem('route_not_found', `No error code "${slug}".`);
    return page(entry[0], entry[1]);
  }
}
