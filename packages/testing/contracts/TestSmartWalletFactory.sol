// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "./TestSmartWallet.sol";

/// Deploys TestSmartWallet at a CREATE2 address known before deployment: the counterfactual
/// wallets of ERC-6492 (a signature wrapped with this factory and the `deploy` call verifies
/// before the wallet exists).
contract TestSmartWalletFactory {
    event Deployed(address wallet, address owner, bytes32 salt);

    function deploy(address owner, bytes32 salt) external returns (address wallet) {
        wallet = walletAddress(owner, salt);
        if (wallet.code.length == 0) {
            wallet = address(new TestSmartWallet{salt: salt}(owner));
            emit Deployed(wallet, owner, salt);
        }
    }

    function walletAddress(address owner, bytes32 salt) public view returns (address) {
        bytes32 codeHash = keccak256(abi.encodePacked(type(TestSmartWallet).creationCode, abi.encode(owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, codeHash)))));
    }
}
