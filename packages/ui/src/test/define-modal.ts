// Test side-effect module: what a page has once the first view group loaded: the modal shell
// (its module defines <w3m-modal>) and the groups' loaders its router uses.
import '../modal/load-modal.js'
import '../modal/w3m-modal/register.js'
