package dev.hookguard.servlet;

/** The hostile requests in embedded Jetty 12 (ee10). */
class JettyHostileRequestsIT extends AbstractHostileRequestsIT {

    @Override
    protected ServletContainer.Factory containers() {
        return JettyContainer::start;
    }
}
