// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title TestIdRegistry
/// @notice A local stand-in for Farcaster's IdRegistry on Optimism, with the two reads Sign In
/// With Farcaster needs: `idOf(custody)` and `custodyOf(fid)`. `register` hands the caller the
/// next fid (as the real registry's `register` does, without its gateway, fees and recovery).
contract TestIdRegistry {
    uint256 public idCounter;
    mapping(address => uint256) public idOf;
    mapping(uint256 => address) public custodyOf;

    event Register(address indexed to, uint256 indexed id, address recovery);

    /// @notice Registers `to` as the custody address of a new fid; one fid per address.
    function register(address to) external returns (uint256 fid) {
        require(to != address(0), "zero custody");
        require(idOf[to] == 0, "has id");
        fid = ++idCounter;
        idOf[to] = fid;
        custodyOf[fid] = to;
        emit Register(to, fid, address(0));
    }
}
