// Prints the server HTML of the test page, rendered in plain Node (no DOM globals): the
// Chromium hydration test fetches it through a web-test-runner plugin.
import { renderToString } from 'react-dom/server'
import { SsrApp } from './ssr-app.js'

process.stdout.write(renderToString(<SsrApp />))
