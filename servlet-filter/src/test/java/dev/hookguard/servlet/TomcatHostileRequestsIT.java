package dev.hookguard.servlet;

/** The hostile requests in embedded Tomcat 11. */
class TomcatHostileRequestsIT extends AbstractHostileRequestsIT {

    @Override
    protected ServletContainer.Factory containers() {
        return TomcatContainer::start;
    }
}
