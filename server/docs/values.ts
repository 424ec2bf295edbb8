/**
 * The placeholders every text file may use: this deployment's base URL and host, and the limits
 * and settings the words state, each read from the code that enforces it so the words cannot drift
 * from the behaviour. A page adds the few values only it computes (lists from the catalogues).
 */
import { LINK_FRESH_SECONDS, MAX_WALLETS, WALLET_LINK_PRIMARY_TYPE, WALLET_LINK_TYPES, walletLinkDomain } from '../buyers/wallets';
import { SEARCH_CONTEXT_PATH } from '../catalog/jsonld';
import type { Config } from '../config';
import { LLMS_TXT_PATH, SERVICE_VERSION, UCP_VERSION } from '../domain/ucp-profile';
import { MAX_INPUT_DEPTH, MAX_QUERY_WORDS } from '../lib/input-limits';
import { ADMIN_TOKEN_TRIES } from '../limits/admin-tries';
import { OAUTH_LIMITS } from '../oauth/authorization-server';
import { TTL } from '../oauth/provider';
import { CLOCK_SKEW_SECONDS, SETTLE_MARGIN_SECONDS } from '../x402/checks';
import { x402Network } from '../x402/networks';

export function docValues(config: Config) {
  const base = config.publicBaseUrl;
  const network = x402Network(config.x402.network);
  return {
    base,
    host: new URL(base).host,
    refused_from: config.profileHostRefusedFrom,
    llms_txt_path: LLMS_TXT_PATH,
    search_context_path: SEARCH_CONTEXT_PATH,
    ucp_version: UCP_VERSION,
    service_version: SERVICE_VERSION,
    admin_token_tries: ADMIN_TOKEN_TRIES.limit,
    input: { max_query_words: MAX_QUERY_WORDS, max_depth: MAX_INPUT_DEPTH },
    rates: { ...config.rateLimits, open_first_remaining: config.rateLimits.open.quota - 1 },
    oauth: {
      registrations: OAUTH_LIMITS.registration.limit,
      token_requests: OAUTH_LIMITS.token.limit,
      authorizations: OAUTH_LIMITS.authorize.limit,
      access_token_minutes: TTL.accessToken / 60,
      refresh_token_days: TTL.refreshToken / 86_400,
      code_seconds: TTL.code,
      grant_days: TTL.grant / 86_400,
    },
    network,
    x402: { settle_margin_seconds: SETTLE_MARGIN_SECONDS, clock_skew_seconds: CLOCK_SKEW_SECONDS, max_timeout_seconds: config.x402.maxTimeoutSeconds },
    wallets: {
      max: MAX_WALLETS,
      link_fresh_seconds: LINK_FRESH_SECONDS,
      typed_data: { domain: walletLinkDomain(network.chainId), primaryType: WALLET_LINK_PRIMARY_TYPE, types: WALLET_LINK_TYPES },
    },
  };
}

export type DocValues = ReturnType<typeof docValues>;
