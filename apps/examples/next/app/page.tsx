import { W3mButton } from '@openmodal/react'
import { Account } from './account'

// A server component: the button renders into the HTML and upgrades in the browser.
export default function Page() {
  return (
    <main>
      <h1>OpenModal + Next.js</h1>
      <W3mButton />
      <Account />
    </main>
  )
}
