import { createRoot } from 'react-dom/client';
import { RemotesManifest, ShopConfig } from '@shop/contracts';
import '@shop/ui/styles.css';
import './styles/shell.css';
import { App } from './app';
import { registerRemotesFromManifest } from './federation/remotes';

/** Reads a runtime JSON document from the gateway; null when missing or malformed. */
async function fetchJson<T>(url: string, parse: (value: unknown) => T): Promise<T | null> {
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return parse(await response.json());
  } catch (error) {
    console.error(`shell: could not load ${url}`, error);
    return null;
  }
}

/**
 * The boot data the gateway inlines into the first HTML (`<script id="shop-boot">`, saves two
 * requests before the first render); null when absent or malformed (the dev server's HTML).
 */
function inlineBootData(): { manifest: RemotesManifest; shopConfig: ShopConfig } | null {
  const text = document.getElementById('shop-boot')?.textContent;
  if (!text) return null;
  try {
    const boot = JSON.parse(text) as { remotes: unknown; shopConfig: unknown };
    return { manifest: RemotesManifest.parse(boot.remotes), shopConfig: ShopConfig.parse(boot.shopConfig) };
  } catch (error) {
    console.error('shell: inline boot data unusable, fetching it', error);
    return null;
  }
}

async function start() {
  const inline = inlineBootData();
  const [manifest, shopConfig] = inline
    ? [inline.manifest, inline.shopConfig]
    : await Promise.all([
        fetchJson('/remotes.json', (value) => RemotesManifest.parse(value)),
        fetchJson('/shop-config.json', (value) => ShopConfig.parse(value)),
      ]);
  // Without a manifest every remote area shows its German fallback; the chrome still works.
  registerRemotesFromManifest(manifest ?? { remotes: [] });
  const root = document.getElementById('root');
  if (!root) throw new Error('shell: #root missing in index.html');
  createRoot(root).render(<App shopConfig={shopConfig} />);
}

void start();
