/**
 * Which provider pays: new links open with the configured one, and a link is always completed,
 * captured or released by the provider that opened it (its `provider` column), so links issued
 * before a configuration change still settle. One instance per configuration and provider: a
 * provider may hold clients or, for the built-in and vault ones, its ledger.
 */
import type { Config } from '../config';
import { builtinProvider } from './builtin';
import type { PaymentProvider } from './provider';
import { stripeProvider, type StripeProvider } from './stripe';
import { vaultProvider, type VaultProvider } from './vault';

export type ProviderName = PaymentProvider['name'];
const PROVIDER_NAMES: readonly string[] = ['builtin', 'stripe', 'vault'] satisfies ProviderName[];
const isProviderName = (name: string): name is ProviderName => PROVIDER_NAMES.includes(name);

const instances = new WeakMap<Config, Map<ProviderName, PaymentProvider>>();

function create(config: Config, name: ProviderName): PaymentProvider {
  switch (name) {
    case 'builtin':
      return builtinProvider();
    case 'stripe':
      // A Stripe link outliving its configuration cannot be captured or released any more.
      if (!config.stripe) throw new Error('a Stripe payment link needs STRIPE_SECRET_KEY');
      return stripeProvider(config.stripe);
    case 'vault':
      return vaultProvider();
  }
}

/** The provider named `name` under `config`. */
export function providerNamed(config: Config, name: string): PaymentProvider {
  if (!isProviderName(name)) throw new Error(`unknown payment provider ${name}`);
  let byName = instances.get(config);
  if (!byName) instances.set(config, (byName = new Map()));
  let provider = byName.get(name);
  if (!provider) byName.set(name, (provider = create(config, name)));
  return provider;
}

/** The provider new payment links open with: Stripe when STRIPE_SECRET_KEY is set, else built-in. */
export function paymentProvider(config: Config): PaymentProvider {
  return providerNamed(config, config.stripe ? 'stripe' : 'builtin');
}

/** The vault provider under `config`: ACP's delegated payments authorize through it (delegated-payment.ts). */
export function vaultProviderOf(config: Config): VaultProvider {
  return providerNamed(config, 'vault') as VaultProvider;
}

/** The Stripe provider under `config` (it needs STRIPE_SECRET_KEY): shared payment tokens authorize through it. */
export function stripeProviderOf(config: Config): StripeProvider {
  return providerNamed(config, 'stripe') as StripeProvider;
}
