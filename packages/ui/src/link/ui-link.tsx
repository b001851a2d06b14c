import { createContext, useContext, type ReactNode } from 'react';

export interface UiLinkProps {
  to: string;
  className?: string;
  children: ReactNode;
}

export type UiLinkComponent = (props: UiLinkProps) => ReactNode;

const PlainLink: UiLinkComponent = ({ to, className, children }) => (
  <a href={to} className={className}>
    {children}
  </a>
);

const UiLinkContext = createContext<UiLinkComponent>(PlainLink);

/** Lets an app route the shared components' links through its router (e.g. react-router's Link). */
export function UiLinkProvider({ link, children }: { link: UiLinkComponent; children: ReactNode }) {
  return <UiLinkContext.Provider value={link}>{children}</UiLinkContext.Provider>;
}

export function UiLink(props: UiLinkProps) {
  const Link = useContext(UiLinkContext);
  return <Link {...props} />;
}
