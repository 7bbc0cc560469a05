// Test side-effect module: what a page has once the first view group loaded: the modal shell
// (its module defines <w3m-modal>) and the view registry its router reads.
import '../modal/w3m-modal/register.js'
import '../views/registry.js'
