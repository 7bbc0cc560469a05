// The social feature's views: they ride in the connect group's chunk (connect/chunk.ts).
import './w3m-connecting-social-view/w3m-connecting-social-view.js'
import './w3m-connecting-farcaster-view/w3m-connecting-farcaster-view.js'
