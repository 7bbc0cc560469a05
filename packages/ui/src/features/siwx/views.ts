// The siwx feature's views: they ride in the connect group's chunk (connect/chunk.ts).
import './w3m-siwx-sign-message-view/w3m-siwx-sign-message-view.js'
