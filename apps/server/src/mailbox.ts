// `pnpm demo`'s mailbox: a local SMTP server (smtp-server) that keeps every mail it receives
// and a small page listing them, so that e-mail login works offline. Loopback only.
//
//   node --import tsx src/mailbox.ts --smtp-port 2525 --http-port 8025
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { parseArgs } from 'node:util'
import { type ReceivedMail, startSmtpSink } from './testing/smtp-sink.js'

const HOST = '127.0.0.1'
const { values } = parseArgs({
  options: {
    'smtp-port': { type: 'string', default: '0' },
    'http-port': { type: 'string', default: '0' },
  },
})

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

function page(mails: readonly ReceivedMail[]): string {
  const items = [...mails]
    .reverse()
    .map(
      (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">To ${escapeHtml(mail.to.join(', '))} · ${escapeHtml(mail.receivedAt)}</p>
  <pre>${escapeHtml(mail.text)}</pre>
</article>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="refresh" content="3">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>OpenModal demo mailbox (${mails.length})</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; }
  article { border: 1px solid #ccc; border-radius: 8px; padding: 0 1rem; margin: 1rem 0; }
  .meta { color: #555; font-size: 13px; }
  pre { white-space: pre-wrap; font-size: 15px; }
</style>
</head>
<body>
<h1>Demo mailbox</h1>
<p>Every mail the local server sends, newest first. This page reloads every 3 seconds.</p>
${items || '<p>No mail yet. Log in with any e-mail address in the demo.</p>'}
</body>
</html>`
}

const sink = await startSmtpSink({ port: Number(values['smtp-port']), host: HOST })
const http = createServer((request, response) => {
  const path = new URL(request.url ?? '/', `http://${HOST}`).pathname
  if (request.method !== 'GET') {
    response.writeHead(405).end()
  } else if (path === '/mails.json') {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(sink.mails))
  } else if (path === '/') {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(sink.mails))
  } else {
    response.writeHead(404).end()
  }
})
await new Promise<void>((resolve) => http.listen(Number(values['http-port']), HOST, resolve))
const { port } = http.address() as AddressInfo
console.log(
  JSON.stringify({ msg: 'mailbox ready', smtpUrl: sink.url, url: `http://${HOST}:${port}/` }),
)

const stop = () => {
  http.close()
  http.closeAllConnections()
  void sink.close().then(() => process.exit(0))
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
