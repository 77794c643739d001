package dev.hookguard.servlet;

import static java.nio.charset.StandardCharsets.US_ASCII;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.time.Duration;
import java.util.Map;

/**
 * HTTP/1.1 written by hand on a socket to 127.0.0.1, for request targets that an HTTP client would normalise or
 * refuse ({@code ..}, {@code %2F}, {@code //}, {@code ;jsessionid=}) and for bodies that trickle.
 */
final class RawHttp {

    private RawHttp() {}

    /** The request head: request line, {@code Host}, the headers, {@code Content-Length}, blank line. */
    static byte[] head(String method, String target, Map<String, String> headers, long contentLength) {
        StringBuilder head = new StringBuilder(method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n");
        headers.forEach(
                (name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
        head.append("Content-Length: ").append(contentLength).append("\r\n\r\n");
        return head.toString().getBytes(US_ASCII);
    }

    /** Sends a whole request and returns the status code of the answer, or -1 if the connection closed first. */
    static int status(URI base, String method, String target, Map<String, String> headers, byte[] body)
            throws IOException {
        try (Socket socket = open(base)) {
            OutputStream out = socket.getOutputStream();
            out.write(head(method, target, headers, body.length));
            out.write(body);
            out.flush();
            return readStatus(socket);
        }
    }

    /** A socket to the container, with a 30 s read timeout. */
    static Socket open(URI base) throws IOException {
        Socket socket = new Socket("127.0.0.1", base.getPort());
        socket.setSoTimeout(30_000);
        return socket;
    }

    /**
     * Writes one body byte, then waits up to {@code interval} for an answer, at most {@code bytes} times; returns
     * the answer's status code, or -1 if none came.
     */
    static int trickleUntilAnswered(Socket socket, int bytes, Duration interval) throws IOException {
        InputStream in = socket.getInputStream();
        for (int i = 0; i < bytes; i++) {
            try {
                socket.getOutputStream().write('x');
                socket.getOutputStream().flush();
            } catch (IOException closed) {
                break;
            }
            socket.setSoTimeout((int) interval.toMillis());
            try {
                int first = in.read();
                if (first < 0) {
                    return -1;
                }
                socket.setSoTimeout(30_000);
                String rest = new BufferedReader(new InputStreamReader(in, US_ASCII)).readLine();
                String line = (char) first + (rest == null ? "" : rest);
                return line.length() < 12 ? -1 : Integer.parseInt(line.substring(9, 12));
            } catch (SocketTimeoutException stillReading) {
                // no answer yet: send the next byte
            }
        }
        socket.setSoTimeout(30_000);
        return readStatus(socket);
    }

    /** The status code of the answer on this socket, or -1 if it closed or timed out without one. */
    static int readStatus(Socket socket) throws IOException {
        try {
            String line = new BufferedReader(new InputStreamReader(socket.getInputStream(), US_ASCII)).readLine();
            return line == null || line.length() < 12 ? -1 : Integer.parseInt(line.substring(9, 12));
        } catch (SocketTimeoutException | java.net.SocketException e) {
            return -1;
        }
    }
}
