// SPDX-License-Identifier: MIT
// A minimal ERC-1155 for tests (OpenModal @openmodal/testing). Compiled once with solc 0.8.28
// (optimizer 200 runs, EVM version paris) by scripts/compile-test-contracts.mjs; the ABI and
// bytecode are committed in src/evm/test-multi-token.ts. Anyone may mint: it is a test
// contract. Receiver hooks are not called (tests send to EOAs).
pragma solidity 0.8.28;

contract TestMultiToken {
    string public name;
    string private uri_;
    mapping(uint256 => mapping(address => uint256)) public balanceOf;
    mapping(address => mapping(address => bool)) public isApprovedForAll;

    event TransferSingle(
        address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value
    );
    event TransferBatch(
        address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values
    );
    event ApprovalForAll(address indexed account, address indexed operator, bool approved);
    event URI(string value, uint256 indexed id);

    constructor(string memory name_, string memory uri__) {
        name = name_;
        uri_ = uri__;
    }

    function supportsInterface(bytes4 id) external pure returns (bool) {
        // ERC-165, ERC-1155, ERC-1155 metadata URI
        return id == 0x01ffc9a7 || id == 0xd9b67a26 || id == 0x0e89341c;
    }

    function uri(uint256) external view returns (string memory) {
        return uri_;
    }

    function mint(address to, uint256 id, uint256 value) external {
        require(to != address(0), "TestMultiToken: zero address");
        balanceOf[id][to] += value;
        emit TransferSingle(msg.sender, address(0), to, id, value);
    }

    function setApprovalForAll(address operator, bool approved) external {
        isApprovedForAll[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes calldata) external {
        _check(from, to);
        _move(from, to, id, value);
        emit TransferSingle(msg.sender, from, to, id, value);
    }

    function safeBatchTransferFrom(
        address from,
        address to,
        uint256[] calldata ids,
        uint256[] calldata values,
        bytes calldata
    ) external {
        _check(from, to);
        require(ids.length == values.length, "TestMultiToken: length mismatch");
        for (uint256 i = 0; i < ids.length; i++) _move(from, to, ids[i], values[i]);
        emit TransferBatch(msg.sender, from, to, ids, values);
    }

    function balanceOfBatch(address[] calldata accounts, uint256[] calldata ids)
        external
        view
        returns (uint256[] memory balances)
    {
        require(accounts.length == ids.length, "TestMultiToken: length mismatch");
        balances = new uint256[](accounts.length);
        for (uint256 i = 0; i < accounts.length; i++) balances[i] = balanceOf[ids[i]][accounts[i]];
    }

    function _check(address from, address to) private view {
        require(to != address(0), "TestMultiToken: zero address");
        require(from == msg.sender || isApprovedForAll[from][msg.sender], "TestMultiToken: not allowed");
    }

    function _move(address from, address to, uint256 id, uint256 value) private {
        require(balanceOf[id][from] >= value, "TestMultiToken: balance");
        balanceOf[id][from] -= value;
        balanceOf[id][to] += value;
    }
}
