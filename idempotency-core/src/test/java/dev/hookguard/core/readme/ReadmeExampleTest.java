package dev.hookguard.core.readme;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The root README's framework-free examples (with the executor, and calling the store with a {@code Claim}), taken
 * from README.md as printed, each compiled with {@code --release 17} and run on the in-memory store: the delivery runs
 * the handler and is answered with its response. The surrounding class gives a snippet what the README says the
 * application has: the event id, the raw body and headers, and its own {@code chargeCustomer} and {@code respond}.
 * idempotency-core's README prints the second example too, unchanged.
 */
class ReadmeExampleTest {

    private static final String SECTION = "### No framework at all";

    @TempDir
    Path work;

    @Test
    void shouldCompileAndRunTheFrameworkFreeExampleAsPrinted() throws Exception {
        compileAndRun(snippet(0), work.resolve("executor"));
    }

    @Test
    void shouldCompileAndRunTheClaimHandleExampleAsPrinted() throws Exception {
        compileAndRun(snippet(1), work.resolve("store"));
    }

    @Test
    void shouldPrintTheSameClaimHandleExampleInTheCoreReadme() throws IOException {
        assertThat(Files.readString(Path.of("README.md")))
                .as("idempotency-core/README.md prints README.md's claim-handle example")
                .contains("```java\n" + snippet(1) + "```");
    }

    private void compileAndRun(String snippet, Path dir) throws Exception {
        Path source = dir.resolve("readme/FrameworkFree.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, template().replace("/* SNIPPET */", snippet));

        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int status = javac.run(
                null,
                null,
                null,
                "--release",
                "17",
                "-Xlint:all",
                "-Werror",
                "-proc:none",
                "-classpath",
                System.getProperty("java.class.path"),
                "-d",
                dir.toString(),
                source.toString());

        assertThat(status).as("javac of README.md's framework-free example").isZero();
        try (URLClassLoader loader =
                new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
            @SuppressWarnings("unchecked")
            Supplier<List<String>> example = (Supplier<List<String>>) loader.loadClass("readme.FrameworkFree")
                    .getDeclaredConstructor()
                    .newInstance();
            assertThat(example.get()).containsExactly("charged", "respond 200", "acknowledge true");
        }
    }

    /** The Java block number {@code index} (from 0) after the framework-free heading of README.md, as printed. */
    private static String snippet(int index) throws IOException {
        String readme = Files.readString(Path.of("../README.md"));
        int section = readme.indexOf(SECTION);
        assertThat(section).as("README.md has the section '%s'", SECTION).isNotNegative();
        int start = section;
        for (int block = 0; block <= index; block++) {
            start = readme.indexOf("```java\n", start);
            assertThat(start)
                    .as("README.md's block %d after '%s'", block, SECTION)
                    .isNotNegative();
            start += "```java\n".length();
            if (block < index) {
                start = readme.indexOf("```", start) + 3;
            }
        }
        return readme.substring(start, readme.indexOf("```", start));
    }

    private static String template() throws IOException {
        try (var in = ReadmeExampleTest.class.getResourceAsStream("FrameworkFree.java.txt")) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }
}
