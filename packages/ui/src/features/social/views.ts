// The social feature's views: they ride in the connect group's chunk (connect/chunk.ts).
import './w3m-connecting-social-view/w3m-connecting-social-view.js'
