'use client'
import { useModalAccount } from '@openmodal/react'

export function Account() {
  const { isConnected, address, status } = useModalAccount()
  return <p data-testid="account">{isConnected ? `Connected: ${address}` : `Status: ${status}`}</p>
}
