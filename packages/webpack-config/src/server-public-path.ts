import type { Compiler } from 'webpack';

/**
 * The public path of a remote's server container, per container: the folder its remoteEntry.js
 * was fetched from. The node runtime evaluates a fetched entry with `__dirname` set to that URL's
 * path (`/remotes/cart/<version>/server`); the origin is the one the shell's renderer loads remotes
 * from, read from the global `originGlobal` (@shop/contracts SERVER_REMOTES_ORIGIN_GLOBAL, which the
 * shell sets).
 *
 * Without it (`publicPath: ''`), the node runtime plugin finds a chunk's folder by the remote's
 * name in the federation registry, which knows one entry per name: while two releases of one
 * remote serve pages side by side, a lazily loaded page chunk of one was fetched from the other's
 * folder and failed (404). Replaces webpack's static public path module (the first tap of the
 * bail hook wins).
 */
export class ServerPublicPathPlugin {
  constructor(private readonly originGlobal: string) {}

  apply(compiler: Compiler): void {
    const originGlobal = this.originGlobal;
    const { RuntimeGlobals, RuntimeModule } = compiler.webpack;
    class ServerPublicPathRuntimeModule extends RuntimeModule {
      constructor() {
        super('server public path', RuntimeModule.STAGE_BASIC);
      }
      override generate(): string {
        const origin = `globalThis[${JSON.stringify(originGlobal)}]`;
        return `${RuntimeGlobals.publicPath} = typeof __dirname === "string" && __dirname.charAt(0) === "/" && typeof ${origin} === "string" ? new URL(__dirname + "/", ${origin}).href : "";`;
      }
    }
    compiler.hooks.thisCompilation.tap('ServerPublicPathPlugin', (compilation) => {
      // The node runtime plugin reads `__webpack_require__.p` without webpack knowing: ask for it.
      compilation.hooks.additionalTreeRuntimeRequirements.tap('ServerPublicPathPlugin', (chunk, set) => {
        if (chunk.hasRuntime()) set.add(RuntimeGlobals.publicPath);
      });
      compilation.hooks.runtimeRequirementInTree
        .for(RuntimeGlobals.publicPath)
        .tap({ name: 'ServerPublicPathPlugin', stage: -10 }, (chunk) => {
          compilation.addRuntimeModule(chunk, new ServerPublicPathRuntimeModule());
          return true;
        });
    });
  }
}
