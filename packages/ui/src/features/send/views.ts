// The Send views (WalletSend, WalletSendSelectToken, WalletSendPreview) and, through them,
// core's send action: none of it is in a page's initial JS. They load in the account group's
// chunk (account/chunk.ts imports this module), not a chunk of their own: measured with
// apps/size (Vite 8 / Rolldown), a fifth group chunk, whatever it holds (even the modal shell
// alone) and wherever its import() is (the group table or the account chunk), splits every page's
// entry into 6 initial files: app (a) went from 3 files / floor + 32.5 kB gzip to 6 files /
// floor + 35.6 kB (over its 35 kB budget). In the account chunk the entry stays 3 files. Send
// is reached from Account, so the chunk is usually loaded already.
import './w3m-wallet-send-preview-view/w3m-wallet-send-preview-view.js'
import './w3m-wallet-send-select-token-view/w3m-wallet-send-select-token-view.js'
import './w3m-wallet-send-view/w3m-wallet-send-view.js'
