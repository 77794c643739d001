package dev.hookguard.spring.starter;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The BOM manages every published module at the project's version and carries the metadata Maven Central requires
 * (it has no parent, so the parent's {@code central} profile does not check it).
 */
class BomTest {

    private static final Path ROOT = Path.of("..");

    @Test
    void shouldManageEveryPublishedModuleAtTheProjectVersion() throws Exception {
        Document bom = read(ROOT.resolve("hookguard-bom/pom.xml"));
        Document parent = read(ROOT.resolve("pom.xml"));
        List<String> managed = new ArrayList<>();
        NodeList dependencies = bom.getElementsByTagName("dependency");
        for (int i = 0; i < dependencies.getLength(); i++) {
            Element dependency = (Element) dependencies.item(i);
            assertThat(text(dependency, "version")).isEqualTo("${project.version}");
            managed.add(text(dependency, "artifactId"));
        }

        assertThat(managed).containsExactlyInAnyOrderElementsOf(publishedModules(parent));
        assertThat(text(bom.getDocumentElement(), "version")).isEqualTo(text(parent.getDocumentElement(), "version"));
    }

    @Test
    void shouldCarryTheMetadataMavenCentralRequires() throws Exception {
        Element bom = read(ROOT.resolve("hookguard-bom/pom.xml")).getDocumentElement();

        for (String element : List.of("name", "description", "url")) {
            assertThat(text(bom, element)).as(element).isNotBlank();
        }
        assertThat(text((Element) bom.getElementsByTagName("license").item(0), "name"))
                .isNotBlank();
        assertThat(text((Element) bom.getElementsByTagName("developer").item(0), "name"))
                .isNotBlank();
        Element scm = (Element) bom.getElementsByTagName("scm").item(0);
        assertThat(text(scm, "url")).isNotBlank();
        assertThat(text(scm, "connection")).isNotBlank();
    }

    private static List<String> publishedModules(Document parent) throws Exception {
        List<String> published = new ArrayList<>();
        NodeList modules = parent.getElementsByTagName("module");
        for (int i = 0; i < modules.getLength(); i++) {
            Path pom = ROOT.resolve(modules.item(i).getTextContent()).resolve("pom.xml");
            Document module = read(pom);
            boolean skipped = Files.readString(pom).contains("<maven.deploy.skip>true</maven.deploy.skip>");
            String artifactId = text(module.getDocumentElement(), "artifactId");
            if (!skipped && !artifactId.equals("hookguard-bom")) {
                published.add(artifactId);
            }
        }
        return published;
    }

    /** The text of the direct child {@code name} of {@code parent}. */
    private static String text(Element parent, String name) {
        NodeList children = parent.getChildNodes();
        for (int i = 0; i < children.getLength(); i++) {
            if (children.item(i) instanceof Element child && child.getTagName().equals(name)) {
                return child.getTextContent().trim();
            }
        }
        throw new AssertionError("<" + parent.getTagName() + "> has no <" + name + ">");
    }

    private static Document read(Path pom) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile());
    }
}
