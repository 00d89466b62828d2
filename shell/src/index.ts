// The shell's styles belong to the entry, so index.html links them in its head: server-rendered
// HTML is styled at its first paint, before any JavaScript runs.
import '@shop/ui/styles.css';
import './styles/shell.css';
// Async boundary: lets Module Federation negotiate the shared singletons before React loads.
import('./bootstrap');
