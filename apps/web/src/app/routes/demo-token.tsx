import { Redirect } from 'wouter';

/** The demo token route only leads to the login. */
export default function DemoTokenRoute() {
  return <Redirect to="/inloggen" replace />;
}
