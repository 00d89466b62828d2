// What the browser builds share of react-router-dom: one singleton per page, provided under the
// share key 'react-router-dom' (packages/webpack-config, `sharedDependencies`). A shared module is
// bundled whole, and react-router-dom 7 is the whole of react-router (data routers, server
// request handlers, cookies): ~60 KB on the wire. Named here, only what the shell and the remotes
// use is bundled (docs/performance.md 'Ship less'). ESLint allows exactly these names in browser
// code (eslint.config.mjs), so a name missing here is a lint error, never `undefined` at run time; a
// remote released alone against a newer list is refused until a shell exporting the name is live,
// and a shell dropping a name a live remote uses is refused (docs/releases.md 'Checks before a promote').
// react-router-dom 7 re-exports react-router; importing react-router itself keeps this module
// from consuming its own share key.
export {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Route,
  Routes,
  generatePath,
  matchPath,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
